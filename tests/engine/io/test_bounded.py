"""The bounded-input layer every reader goes through: regular files only, sizes, nesting,
numbers, inflation and references, each refusal naming the file and the place."""
import os
import time
import zlib

import pytest

from motu.engine.io import bounded
from motu.engine.io.errors import LoadError


def refusal(fn, *args):
    with pytest.raises(LoadError) as err:
        fn(*args)
    return err.value


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "map.tmx"
    os.mkfifo(fifo)
    start = time.monotonic()
    assert "named pipe (FIFO)" in refusal(bounded.read_bytes, str(fifo)).message
    assert time.monotonic() - start < 1


def test_devices_folders_and_large_files_are_refused(tmp_path):
    if os.path.exists("/dev/zero"):
        assert "a device" in refusal(bounded.read_bytes, "/dev/zero").message
    assert "a folder" in refusal(bounded.read_bytes, str(tmp_path)).message
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(bounded.MAX_BYTES + 1)
    assert "larger than 32 MB" in refusal(bounded.read_bytes, str(big)).message


def test_references_stay_in_the_maps_folder(tmp_path):
    (tmp_path / "maps" / "sets").mkdir(parents=True)
    (tmp_path / "maps" / "sets" / "land.tsx").write_text("<tileset/>")
    (tmp_path / "secret.tsx").write_text("<tileset/>")
    (tmp_path / "maps" / "link.tsx").symlink_to(tmp_path / "secret.tsx")
    base = str(tmp_path / "maps" / "m.tmx")
    path, data = bounded.read_reference(base, "sets/land.tsx", "tileset")
    assert data == b"<tileset/>" and path == str(tmp_path / "maps" / "sets" / "land.tsx")
    for ref, why in (("../secret.tsx", "leads outside"), ("link.tsx", "leads outside"),
                     (str(tmp_path / "secret.tsx"), "absolute path"), ("", "not a file name"), (5, "not a file name")):
        e = refusal(bounded.read_reference, base, ref, "tileset")
        assert why in e.message and e.source == base


def test_inflation_stops_at_what_the_layer_needs():
    bomb = zlib.compress(bytes(200 << 20))
    start = time.monotonic()
    with pytest.raises(ValueError, match="inflates to more than the 400 bytes the layer needs"):
        bounded.inflate(bomb, "zlib", 400)
    assert time.monotonic() - start < 0.5
    assert bounded.inflate(zlib.compress(b"\1\0\0\0" * 100), "zlib", 400) == b"\1\0\0\0" * 100
    with pytest.raises(ValueError, match="cut short"):
        bounded.inflate(zlib.compress(bytes(400))[:-4], "zlib", 400)


@pytest.mark.parametrize("text, message, where", [
    ('{"a":\n  [1, NaN]}', "NaN is not a number JSON allows", (2, 7)),
    ('{"a": -Infinity}', "-Infinity is not a number", (1, 7)),
    ('{"a": "1e400", "b": 1e400}', "1e400 is too large", (1, 21)),
    ('{"a": 9007199254740993}', "out of range", (1, 7)),
    ('{"a": ' + "9" * 5000 + "}", "(5000 characters) is out of range", (1, 7)),
    ("[" * 50 + "]" * 50, "nesting deeper than 48", (1, 49)),
    ("[" * 100_000 + "]" * 100_000, "nesting deeper than 48", (1, 49)),
    ('{"a": [1, 2,]}', "not valid JSON", (1, 13)),
])
def test_json_numbers_and_nesting_are_refused_with_line_and_column(text, message, where):
    e = refusal(bounded.load_json, text, "m.json")
    assert message in e.message and (e.line, e.column) == where


def test_json_within_the_limits_reads_as_usual():
    assert bounded.load_json(b'\xef\xbb\xbf{"a": [1, 2.5, -9007199254740992, "NaN"]}', "m.json") == \
        {"a": [1, 2.5, -9007199254740992, "NaN"]}


@pytest.mark.parametrize("xml, message", [
    (b'<?xml version="1.0"?>\n<!DOCTYPE m [<!ENTITY a "aaaa">]>\n<map>&a;</map>', "a DOCTYPE is not allowed"),
    (b"<map>" + b"<g>" * 60 + b"</g>" * 60 + b"</map>", "nest deeper than 48"),
    (b"<map>\n  <layer></map>", "not valid XML: mismatched tag"),
])
def test_xml_without_entities_or_deep_nesting(xml, message):
    e = refusal(bounded.parse_xml, xml, "m.tmx")
    assert message in e.message and e.line is not None


def test_xml_elements_keep_their_place():
    root = bounded.parse_xml(b'<map w="3">\n <layer name="a">1,2</layer>\n</map>', "m.tmx")
    layer = root.find("layer")
    assert (root.tag, root.get("w"), layer.text, layer.line, layer.column) == ("map", "3", "1,2", 2, 2)
