"""Hostile inputs for every reader Motu has: bombs, traversal, wrong shapes, huge numbers, bad
encodings, FIFOs and devices. Nothing is checked in: the files are made here, in a folder.

    python tools/hostile_corpus.py OUT_DIR      # writes the corpus and lists it

Each case is a command line (`motu validate`, `motu import`…) or, for saved games, a file for
the game-record reader, and what its refusal must name: the file, and the place (a line and
column, a JSON path, or nothing more where the whole file is the problem). The suite runs them
all (tests/tools/test_hostile_corpus.py): exit 2, one line, within 1 s and 200 MB each.
"""
from __future__ import annotations

import base64
import gzip
import json
import os
import sys
import zlib
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = os.path.join(ROOT, "scenarios")


@dataclass
class Case:
    name: str
    file: str  # the hostile file
    argv: list[str] = field(default_factory=list)  # `motu` arguments; empty: a game record
    place: str | None = None  # a regular expression the message must match after the file name
    names: str | None = None  # the file the message names, when not `file` (a tileset, a legend)
    loads: bool = False  # a file that looks hostile but is good: it must load (exit 0)

    @property
    def named(self) -> str:
        return self.names or self.file


def _good_yaml() -> str:
    with open(os.path.join(SCENARIOS, "example-hex.yaml"), encoding="utf-8") as fh:
        return fh.read()


def _bomb(method: str, size: int) -> bytes:
    """`size` bytes of zeros, compressed: a few hundred kilobytes that inflate to `size`."""
    chunk = bytes(1 << 20)
    if method == "gzip":
        return gzip.compress(chunk * (size >> 20), compresslevel=9)
    c = zlib.compressobj(9)
    return b"".join(c.compress(chunk) for _ in range(size >> 20)) + c.flush()


def _tmx(data: str, tileset: str = '<tileset firstgid="1" name="t" tilewidth="32" tileheight="28"/>',
         width: int = 3, height: int = 2, doctype: str = "") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n{doctype}<map version="1.8" orientation="hexagonal" '
            f'width="{width}" height="{height}" tilewidth="32" tileheight="28" hexsidelength="16" staggeraxis="x" '
            f'staggerindex="even">\n {tileset}\n <layer id="1" name="terrain" width="{width}" height="{height}">\n'
            f'  {data}\n </layer>\n</map>\n')


def _tiled_json(**overrides) -> dict:
    doc = {"type": "map", "orientation": "hexagonal", "width": 2, "height": 2, "staggeraxis": "x",
           "staggerindex": "odd", "tilewidth": 32, "tileheight": 28, "tilesets": [],
           "layers": [{"type": "tilelayer", "name": "terrain", "width": 2, "height": 2, "data": [0, 0, 0, 0]}]}
    doc.update(overrides)
    return doc


def build(folder: str) -> list[Case]:
    """Write the corpus into `folder`; the cases, in a fixed order."""
    os.makedirs(folder, exist_ok=True)
    out = os.path.join(folder, "out.yaml")
    cases: list[Case] = []

    def write(name: str, content: str | bytes) -> str:
        path = os.path.join(folder, name)
        with open(path, "wb") as fh:
            fh.write(content.encode("utf-8") if isinstance(content, str) else content)
        return path

    def validate(name: str, content: str | bytes, place: str | None = r":\d+:\d+: ") -> None:
        cases.append(Case(f"yaml/{name}", write(name + ".yaml", content), ["validate"], place))

    def tiled(name: str, ext: str, content: str | bytes | None, place: str | None = r":\d+:\d+: ",
              extra: tuple[str, ...] = ()) -> None:
        path = write(name + ext, content) if content is not None else os.path.join(folder, name + ext)
        cases.append(Case(f"tiled/{name}{ext}", path, ["import", "--from", "tiled", "--rules", "tahiti", *extra,
                                                       "--force", "FILE", out], place))

    def geo(name: str, content: str, place: str | None = r"(:\d+:\d+|: [a-z\[\]0-9.]+): ") -> None:
        cases.append(Case(f"geojson/{name}", write(name + ".geojson", content),
                          ["import", "--rules", "tahiti", "--scale", "1", "--force", "FILE", out], place))

    def record(name: str, content: str | bytes, place: str | None = r"(:\d+:\d+|: [a-z\[\]0-9.]+): ") -> None:
        cases.append(Case(f"record/{name}", write(name + ".motugame.json", content), [], place))

    good = _good_yaml()
    # --- native YAML -----------------------------------------------------------------------
    laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        p, c = chr(96 + i), chr(97 + i)
        laughs.append(f"{c}: &{c} [{','.join('*' + p for _ in range(9))}]")
    validate("alias-bomb", "\n".join(laughs) + "\n")
    validate("deep-nesting", "[" * 100_000 + "]" * 100_000)
    validate("python-tag", "!!python/object/apply:os.system ['echo hacked']\n")
    validate("huge-integer", good.replace("turns: 6", "turns: " + "9" * 5000))
    validate("infinity", good.replace("turns: 6", "turns: .inf"))
    validate("impossible-date-version", good.replace("motu: 1", "motu: 2024-13-45"))
    validate("nul-character", good.replace("Example island", "Example\x00island"))
    validate("escape-character", good.replace("Example island", "Example\x1b[31m island"))
    validate("not-utf8", good.encode("utf-8").replace(b"Example island", b"Example \xe9le"))
    validate("utf16", good.encode("utf-16"))
    validate("duplicate-key", good.replace("title: Example island\n", "title: Example island\ntitle: again\n"))
    validate("wrong-shape", "motu: 1\nruleset: tahiti\nmap: 5\n")
    validate("list-not-mapping", "- motu\n- 1\n")
    validate("grid-huge", good.replace("columns: 12", "columns: 99999999999"))
    validate("cell-off-map", good.replace("cell: '0303'", "cell: '9999'"))
    validate("many-spaces", "motu: 1\nruleset: tahiti\n" + (" " * 14 + "\n") * 200_000 + "map: [\n")
    validate("error-at-the-end", good + ("# " + "x" * 78 + "\n") * 20_000 + "zzz: 1\n")
    validate("truncated", good[: len(good) // 2] + "  - {id: x, kind: ")
    # Explicit tags with a value their type cannot hold; control characters written as escapes.
    for name, value in (("tag-bool-maybe", "!!bool maybe"), ("tag-int-empty", "!!int ''"),
                        ("tag-float-empty", "!!float ''"), ("tag-bool-empty", "!!bool ''"), ("tag-int-0x", "!!int 0x"),
                        ("escape-osc-title", r'"\e]0;PWNED\a\e[2J"'), ("escape-nul", r'"\0"'),
                        ("escape-csi-x9b", r'"\x9b"'), ("escape-csi-u009b", r'"\u009b"'), ("escape-nel", r'"\N"'),
                        ("escape-bell", r'"ring\a"'), ("escape-carriage-return", r'"over\rwrite"')):
        validate(name, good.replace("title: Example island", "title: " + value))
    validate("float-beyond-2-53", good.replace("turns: 6", "turns: 1.0e+16"))
    tiki = open(os.path.join(SCENARIOS, "tiki.yaml"), encoding="utf-8").read()
    assert "at: [2.5, 0]" in tiki
    validate("tiki-space-1e16", tiki.replace("at: [2.5, 0]", "at: [1.0e+16, 2.5]"))
    big = os.path.join(folder, "too-large.yaml")
    with open(big, "wb") as fh:
        fh.truncate(40 * 1024 * 1024)  # sparse: no disk, no time
    cases.append(Case("yaml/too-large", big, ["validate"], None))
    fifo = os.path.join(folder, "fifo.yaml")
    if hasattr(os, "mkfifo") and not os.path.exists(fifo):
        os.mkfifo(fifo)
    if os.path.exists(fifo):
        cases.append(Case("yaml/fifo", fifo, ["validate"], None))
    device = os.path.join(folder, "device.yaml")
    if os.path.exists("/dev/zero") and not os.path.lexists(device):
        os.symlink("/dev/zero", device)
    if os.path.lexists(device):
        cases.append(Case("yaml/device", device, ["validate"], None))
    folder_yaml = os.path.join(folder, "folder.yaml")
    os.makedirs(folder_yaml, exist_ok=True)
    cases.append(Case("yaml/folder", folder_yaml, ["info"], None))

    # --- Tiled TMX and TSX -----------------------------------------------------------------
    for method in ("zlib", "gzip"):
        payload = base64.b64encode(_bomb(method, 256 << 20)).decode()
        tiled(f"{method}-bomb", ".tmx", _tmx(f'<data encoding="base64" compression="{method}">{payload}</data>'))
    tiled("entity-bomb", ".tmx", _tmx('<data encoding="csv">&lol9;</data>', doctype=(
        '<!DOCTYPE map [<!ENTITY lol "lol">' + "".join(
            f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10)) + "]>\n")))
    tiled("external-entity", ".tmx", _tmx('<data encoding="csv">&x;</data>',
                                          doctype='<!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'))
    for name, source in (("absolute-tileset", "/etc/passwd"), ("traversal-tileset", "../../../../etc/passwd"),
                         ("device-tileset", "/dev/zero"), ("fifo-tileset", "fifo.tsx"), ("missing-tileset", "none.tsx")):
        tiled(name, ".tmx", _tmx('<data encoding="csv">1,1,1,1,1,1</data>', f'<tileset firstgid="1" source="{source}"/>'),
              place=None)
    tsx_fifo = os.path.join(folder, "fifo.tsx")
    if hasattr(os, "mkfifo") and not os.path.exists(tsx_fifo):
        os.mkfifo(tsx_fifo)
    write("self.tsx", '<?xml version="1.0"?>\n<tileset source="self.tsx"/>\n')
    tiled("self-referencing-tileset", ".tmx", _tmx('<data encoding="csv">1,1,1,1,1,1</data>',
                                                   '<tileset firstgid="1" source="self.tsx"/>'))
    cases[-1].names = os.path.join(folder, "self.tsx")  # the message names the tileset that is wrong
    tiled("deep-xml", ".tmx", "<map>" + "<group>" * 10_000 + "</group>" * 10_000 + "</map>")
    tiled("huge-map", ".tmx", _tmx('<data encoding="csv">1</data>', width=1_000_000, height=1_000_000))
    tiled("huge-gid", ".tmx", _tmx('<data encoding="csv">1,1,1,1,1,' + "9" * 5000 + "</data>"))
    tiled("too-many-tiles", ".tmx", _tmx('<data encoding="csv">' + ",".join(["1"] * 100_000) + "</data>"))
    tiled("huge-property", ".tmx", _tmx('<data encoding="csv">1,1,1,1,1,1</data>').replace(
        "<layer", '<properties><property name="x" type="int" value="' + "9" * 5000 + '"/></properties>\n <layer', 1))
    tiled("base64-garbage", ".tmx", _tmx('<data encoding="base64" compression="zlib">!!not base64!!</data>'))
    tiled("truncated-zlib", ".tmx", _tmx('<data encoding="base64" compression="zlib">'
                                         + base64.b64encode(zlib.compress(bytes(24))[:-6]).decode() + "</data>"))
    tiled("not-utf8", ".tmx", _tmx('<data encoding="csv">1,1,1,1,1,1</data>').encode("utf-8").replace(b"terrain", b"t\xe9rrain"))
    tiled("truncated-xml", ".tmx", _tmx('<data encoding="csv">1,1,1,1,1,1</data>')[:150])
    tiled("wrong-root", ".tmx", '<?xml version="1.0"?>\n<svg/>\n')
    good_tmx = _tmx('<data encoding="csv">1,1,1,1,1,1</data>')
    tiled("unknown-encoding", ".tmx", good_tmx.replace('encoding="UTF-8"', 'encoding="x-bogus"'))
    tiled("ebcdic-encoding", ".tmx", good_tmx.replace('encoding="UTF-8"', 'encoding="cp500"'))
    tiled("control-in-attribute", ".tmx", good_tmx.replace('name="terrain"', 'name="t&#x9b;errain"'))
    tiled("cr-in-attribute", ".tmx", good_tmx.replace('name="terrain"', 'name="t&#13;errain"'))
    tiled("islands-twice", ".tmx", _tmx('<data encoding="csv">0,0,0,0,0,0</data>').replace(
        "<tileset", '<properties><property name="islands" value=\'[{"id": "a"}, {"id": "a"}]\'/></properties>\n <tileset'),
        place=r":\d+:\d+: map property 'islands'\[1\]\.id: ")
    tiled("tile-without-terrain", ".tmx", good_tmx, place=r":\d+:\d+: layer 'terrain': tile 1 ")
    if hasattr(os, "mkfifo"):
        if not os.path.exists(os.path.join(folder, "fifo-map.tmx")):
            os.mkfifo(os.path.join(folder, "fifo-map.tmx"))
        tiled("fifo-map", ".tmx", None, place=None)

    # --- Tiled JSON ------------------------------------------------------------------------
    place_json = r"(:\d+:\d+|: [A-Za-z\[\]0-9.]+|: map property '\w+'): "
    tiled("layers-not-a-list", ".json", json.dumps({"type": "map", "layers": {"a": 1}}), place=place_json)
    tiled("deep-json", ".json", '{"type": "map", "layers": ' + "[" * 100_000 + "]" * 100_000 + "}")
    tiled("huge-json-integer", ".json", json.dumps(_tiled_json()).replace('"width": 2', '"width": ' + "9" * 5000, 1))
    tiled("json-nan", ".json", json.dumps(_tiled_json()).replace('"tilewidth": 32', '"tilewidth": NaN'))
    tiled("json-1e400", ".json", json.dumps(_tiled_json()).replace('"tilewidth": 32', '"tilewidth": 1e400'))
    tiled("data-wrong-type", ".json", json.dumps(_tiled_json(layers=[{"type": "tilelayer", "name": "t", "width": 2,
                                                                        "height": 2, "data": ["a", None, {}, []]}])),
          place=place_json)
    tiled("objects-wrong-type", ".json", json.dumps(_tiled_json(layers=[{"type": "objectgroup", "objects": [
        {"x": "left", "properties": 5}]}])), place=place_json)
    tiled("class-and-type-differ", ".json", json.dumps(_tiled_json(layers=[{"type": "objectgroup", "objects": [
        {"id": 3, "type": "piece", "class": "edge", "x": 0, "y": 0}]}])), place=place_json)
    tiled("json-traversal-tileset", ".json", json.dumps(_tiled_json(tilesets=[{"firstgid": 1, "source": "../../etc/passwd"}])),
          place=None)
    tiled("json-zlib-bomb", ".json", json.dumps(_tiled_json(layers=[{
        "type": "tilelayer", "name": "terrain", "width": 2, "height": 2, "encoding": "base64", "compression": "zlib",
        "data": base64.b64encode(_bomb("zlib", 64 << 20)).decode()}])), place=place_json)
    tiled("properties-json-bomb", ".json", json.dumps(_tiled_json(properties=[
        {"name": "ruleset", "type": "string", "value": "tahiti"},
        {"name": "sides", "type": "string", "value": "[" * 5000 + "]" * 5000}])), place=place_json)
    tiled("json-escaped-escape", ".json", json.dumps(_tiled_json(properties=[
        {"name": "title", "type": "string", "value": "\x1b]0;PWNED\x07"}])))
    tiled("json-raw-c1", ".json", json.dumps(_tiled_json(properties=[
        {"name": "title", "type": "string", "value": "a\x9bb"}]), ensure_ascii=False))
    tiled("json-float-gid-half", ".json", json.dumps(_tiled_json(layers=[{
        "type": "tilelayer", "name": "terrain", "width": 2, "height": 2, "data": [1.5, 0, 0, 0]}])), place=place_json)
    tiled("json-float-beyond-2-53", ".json", json.dumps(_tiled_json(tilewidth=1.0e16)))
    tiled("json-superscript-csv", ".tmx", _tmx('<data encoding="csv">1,1,1,1,1,\u00b9</data>'))
    tiled("sides-wrong-shape", ".json", json.dumps(_tiled_json(properties=[
        {"name": "sides", "type": "string", "value": json.dumps([{"id": ["x"]}])}])), place=place_json)
    write("legend-superscript.yaml", "\u00b9: sea\n")
    tiled("legend-file-superscript", ".tmx", good_tmx, place=None,
          extra=("--legend", os.path.join(folder, "legend-superscript.yaml")))
    cases[-1].names = os.path.join(folder, "legend-superscript.yaml")
    write("legend-escape.yaml", '1: "sea\\e[2J"\n')
    tiled("legend-file-escape", ".tmx", good_tmx, extra=("--legend", os.path.join(folder, "legend-escape.yaml")))
    cases[-1].names = os.path.join(folder, "legend-escape.yaml")
    write("legend-bomb.yaml", "\n".join(laughs) + "\n")
    tiled("legend-alias-bomb", ".tmx", _tmx('<data encoding="csv">1,1,1,1,1,1</data>'),
          extra=("--legend", os.path.join(folder, "legend-bomb.yaml")))
    cases[-1].names = os.path.join(folder, "legend-bomb.yaml")

    # --- GeoJSON ---------------------------------------------------------------------------
    square = [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]]
    geo("nan", '{"type": "Polygon", "coordinates": [[[0, 0], [1, NaN], [1, 1], [0, 0]]]}')
    geo("infinity", '{"type": "Polygon", "coordinates": [[[0, 0], [1, Infinity], [1, 1], [0, 0]]]}')
    geo("1e400", '{"type": "Polygon", "coordinates": [[[0, 0], [1, 1e400], [1, 1], [0, 0]]]}')
    geo("coordinates-a-number", '{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": '
                                '{"type": "Polygon", "coordinates": 5}}]}')
    geo("ring-too-short", json.dumps({"type": "Polygon", "coordinates": [[[0, 0], [1, 1]]]}))
    geo("deep", '{"type": "Polygon", "coordinates": ' + "[" * 100_000 + "]" * 100_000 + "}")
    geo("features-not-a-list", json.dumps({"type": "FeatureCollection", "features": {"a": 1}}))
    geo("unknown-crs", json.dumps({"type": "Polygon", "coordinates": square,
                                   "crs": {"type": "name", "properties": {"name": "EPSG:999999"}}}))
    geo("linked-crs", json.dumps({"type": "Polygon", "coordinates": square,
                                  "crs": {"type": "link", "properties": {"href": "file:///etc/passwd"}}}))
    geo("not-json", "<svg/>")
    geo("vertex-2-53", json.dumps({"type": "Polygon", "coordinates": [[[0, 0], [2 ** 53, 0], [1, 1], [0, 0]]]}))
    geo("vertices-far-apart", json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "a"}, "geometry": {"type": "Polygon", "coordinates": [
            [[0, 0], [-2 ** 53, 3], [2 ** 53, 0.5], [0, 0]]]}}]}))
    geo("name-with-escape", json.dumps({"type": "Feature", "properties": {"name": "\x1b[2J"},
                                        "geometry": {"type": "Polygon", "coordinates": square}}))

    # --- command-line numbers and the sweep file ---------------------------------------------
    def usage(name: str, argv: list[str], names: str) -> None:
        cases.append(Case(f"cli/{name}", argv[0], argv[1:], None, names))

    hexmap = os.path.join(SCENARIOS, "example-hex.yaml")
    usage("size-superscript", [os.path.join(folder, "new.yaml"), "new", "--rules", "tahiti", "--size", "\u00b2x3",
                               "FILE"], os.path.join(folder, "new.yaml"))
    tmx_path = write("plain.tmx", good_tmx)
    usage("legend-superscript", [tmx_path, "import", "--rules", "tahiti", "--legend", "\u00b9=sea", "--force", "FILE",
                                 out], tmx_path)
    usage("condition-5000-digits", [hexmap, "query", "FILE", "reach", "0303", "--mp", "3", "--condition",
                                    "storm=" + "9" * 5000], hexmap)
    usage("condition-superscript", [hexmap, "query", "FILE", "reach", "0303", "--mp", "3", "--condition",
                                    "storm=\u00b2"], hexmap)
    deep_sweep = write("deep-sweep.json", "[" * 10_000 + "]" * 10_000)
    usage("extend-deep", [deep_sweep, "balance", os.path.join(SCENARIOS, "pearls.yaml"), "--extend", "FILE",
                          "--games", "1", "--out", folder], deep_sweep)
    pearls = os.path.join(SCENARIOS, "pearls.yaml")
    for name, vary in (("vary-tag", "x=!!bool maybe"), ("vary-escape", 'x="\\e[2J"'), ("vary-1e16", "x=1.0e+16")):
        usage(name, [pearls, "balance", "FILE", "--vary", vary, "--games", "1", "--out", folder], pearls)
    shallow = write("wrong-sweep.json", json.dumps({"format": "motu-sweep", "vary": 5}))
    usage("extend-wrong-shape", [shallow, "balance", os.path.join(SCENARIOS, "pearls.yaml"), "--extend", "FILE",
                                 "--games", "1", "--out", folder], shallow)

    # --- saved games -----------------------------------------------------------------------
    record("a-list", "[1, 2, 3]", place=None)
    record("null-actions", json.dumps({"format": "motu-game", "version": 2, "fingerprint": "0123456789abcdef",
                                       "seed": 1, "actions": None}))
    record("seed-1e400", '{"format": "motu-game", "version": 2, "fingerprint": "0123456789abcdef", "seed": 1e400, "actions": []}')
    record("deep", "[" * 100_000 + "]" * 100_000)
    record("no-fingerprint", json.dumps({"format": "motu-game", "version": 2, "seed": 1, "actions": []}))
    record("not-utf8", b'{"format": "motu-game\xff"}')

    # --- good files that readers once refused or tripped on: each must load -----------------------
    from motu.engine.io.geojson import to_geojson
    from motu.engine.io.native import load_path
    from motu.engine.io.tiled import save_tiled_json, save_tmx
    example = load_path(os.path.join(SCENARIOS, "example-hex.yaml"))
    bom = b"\xef\xbb\xbf"
    cases.append(Case("good/yaml-bom", write("bom.yaml", bom + good.encode()), ["validate"], loads=True))
    tmx_file, json_file = os.path.join(folder, "export.tmx"), os.path.join(folder, "export.json")
    save_tmx(example, tmx_file)
    save_tiled_json(example, json_file)
    for ext, source in ((".tmx", tmx_file), (".json", json_file)):
        with open(source, "rb") as fh:
            data = fh.read()
        tiled(f"good-bom{ext[1:]}", ext, bom + data, place=None)
        cases[-1].loads = True
    with open(json_file, encoding="utf-8") as fh:
        doc = json.load(fh)
    for layer in doc["layers"]:
        if layer.get("type") == "tilelayer" and isinstance(layer.get("data"), list):
            layer["data"] = [float(g) for g in layer["data"]]
    tiled("good-float-gids", ".json", json.dumps(doc), place=None)
    cases[-1].loads = True
    exported = to_geojson(example)
    text = exported if isinstance(exported, str) else json.dumps(exported)
    cases.append(Case("good/own-geojson-export", write("own-export.geojson", text),
                      ["import", "--rules", "tahiti", "--force", "FILE", out], loads=True))
    damaged = json.loads(text)
    damaged["features"][3]["properties"]["terrain"] = "lava"
    geo("own-export-unknown-terrain", json.dumps(damaged), place=r": features\[3\]\.properties\.terrain: ")
    cases[-1].argv = ["import", "--rules", "tahiti", "--force", "FILE", out]
    damaged = json.loads(text)
    damaged["motu"]["grid"]["columns"] = 10 ** 9
    geo("own-export-huge-grid", json.dumps(damaged), place=r": motu\.grid: ")
    cases[-1].argv = ["import", "--rules", "tahiti", "--force", "FILE", out]
    cases.append(Case("good/own-geojson-export-its-rules", os.path.join(folder, "own-export.geojson"),
                      ["import", "--force", "FILE", out], loads=True))  # --rules: the one the export names
    cases.append(Case("good/geojson-bom", write("bom.geojson", bom + text.encode()),
                      ["import", "--rules", "tahiti", "--force", "FILE", out], loads=True))
    write("bom-legend.yaml", bom + b"1: sea\n")
    tiled("good-bom-legend", ".tmx", good_tmx, place=None, extra=("--legend", os.path.join(folder, "bom-legend.yaml")))
    cases[-1].loads = True
    record("escaped-escape", json.dumps({"format": "motu-game", "version": 2, "fingerprint": "0123456789abcdef",
                                         "seed": 1, "actions": [], "note": "\x1b[2J\x9b"}))
    record("seed-1e16", '{"format": "motu-game", "version": 2, "fingerprint": "0123456789abcdef", "seed": 1.0e16, '
                        '"actions": []}')
    return cases


def command(case: Case) -> list[str]:
    """The `motu` arguments of a case, with its file in place of FILE (or last, after the command)."""
    if "FILE" in case.argv:
        return [case.file if a == "FILE" else a for a in case.argv]
    return [*case.argv, case.file]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    for case in build(argv[0]):
        print(f"{case.name:40} {' '.join(command(case)) if case.argv else '(game record) ' + case.file}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
