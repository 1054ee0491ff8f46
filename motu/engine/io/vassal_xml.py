"""A VASSAL module's files written with the standard library: buildFile.xml, moduledata, the zip.

Scope: the element classes of VASSAL 3.7's buildFile that Motu's modules use, each with every
attribute Motu writes and its default (`ELEMENTS`, in the order the attributes are written), a
small builder over ElementTree (`add`), the piece definition a PieceSlot holds, moduledata, and
the .vmod zip. What the module says (board, grid, zones, pieces) is vassal.py's.

VASSAL builds each element by its tag, the Java class's name, and hands every attribute to
that class's setAttribute; children follow in document order. The defaults are those VASSAL's
own editor writes for a new element. tests/data/vassal-3.7-attributes.json lists the attributes
VASSAL 3.7.26's classes read (their getAttributeNames), which tests/editor/export/test_vassal_export.py
holds every element Motu writes against.
"""
from __future__ import annotations

import time
import xml.etree.ElementTree as ET
import zipfile

_B = "VASSAL.build."
GAME_MODULE = _B + "GameModule"
COMMAND_ENCODER = _B + "module.BasicCommandEncoder"
GLOBAL_OPTIONS = _B + "module.GlobalOptions"
PLAYER_ROSTER = _B + "module.PlayerRoster"
CHATTER = _B + "module.Chatter"
PIECE_WINDOW = _B + "module.PieceWindow"
TAB_WIDGET = _B + "widget.TabWidget"
PANEL_WIDGET = _B + "widget.PanelWidget"
LIST_WIDGET = _B + "widget.ListWidget"
PIECE_SLOT = _B + "widget.PieceSlot"
MAP = _B + "module.Map"
_M = _B + "module.map."
COUNTER_DETAIL_VIEWER = _M + "CounterDetailViewer"
STACK_METRICS = _M + "StackMetrics"
HIGHLIGHT_LAST_MOVED = _M + "HighlightLastMoved"
ZOOMER = _M + "Zoomer"
BOARD_PICKER = _M + "BoardPicker"
SETUP_STACK = _M + "SetupStack"
BOARD = _M + "boardPicker.Board"
_G = _M + "boardPicker.board."
ZONED_GRID = _G + "ZonedGrid"
HEX_GRID = _G + "HexGrid"
SQUARE_GRID = _G + "SquareGrid"
REGION_GRID = _G + "RegionGrid"
REGION = _G + "Region"
HEX_NUMBERING = _G + "mapgrid.HexGridNumbering"
SQUARE_NUMBERING = _G + "mapgrid.SquareGridNumbering"
ZONE = _G + "mapgrid.Zone"
# A map's mouse and keyboard handling: components without attributes, in the order VASSAL's editor adds them.
MAP_PLAIN_PARTS = tuple(_M + n for n in ("ForwardToChatter", "MenuDisplayer", "MapCenterer", "StackExpander",
                                         "PieceMover", "KeyBufferer", "SelectionHighlighters"))

_CDV = {
    "borderWidth": "0", "borderThickness": "2", "borderInnerThickness": "2", "borderColor": "", "centerAll": "false",
    "centerText": "false", "centerPiecesVertically": "true", "combineCounterSummary": "false",
    "counterReportFormat": "", "delay": "700", "description": "", "display": "from top-most layer only",
    # VASSAL's own spelling of these two attributes (CounterDetailViewer.EMPTY_HEX_REPORT_FORMAT, SHOW_MOVE_SELECTED).
    "emptyHexReportForma": "$LocationName$", "enableHTML": "true", "extraTextPadding": "0", "bgColor": "",
    "fgColor": "0,0,0", "fontSize": "11", "graphicsZoom": "1.0", "hotkey": "10,130", "layerList": "",
    "minDisplayPieces": "2", "propertyFilter": "", "showDeck": "false", "showDeckDepth": "1",
    "showDeckMasked": "false", "showMoveSelectde": "false", "showNoStack": "false", "showNonMovable": "false",
    "showOverlap": "false", "showgraph": "true", "showgraphsingle": "false", "showtext": "true",
    "showtextsingle": "false", "stretchWidthSummary": "false", "summaryReportFormat": "$LocationName$",
    "unrotatePieces": "false", "version": "4", "verticalOffset": "2", "verticalTopText": "0", "zoomlevel": "1.0",
    "stopAfterShowing": "false", "showTerrainBeneath": "never", "showTerrainSnappy": "true",
    "showTerrainWidth": "120", "showTerrainHeight": "120", "showTerrainZoom": "1.0", "showTerrainText": "",
}
_NUMBERING = {
    "color": "#000000", "first": "H", "fontSize": "24", "hDescend": "false", "hDrawOff": "0", "hLeading": "0",
    "hOff": "1", "hType": "N", "locationFormat": "$gridLocation$", "rotateText": "0", "sep": "", "stagger": "false",
    "vDescend": "false", "vDrawOff": "32", "vLeading": "0", "vOff": "1", "vType": "N", "visible": "false",
}
_GRID = {"color": "#000000", "cornersLegal": "false", "dotsVisible": "false", "dx": "", "dy": "",
         "edgesLegal": "false", "sideways": "false", "snapTo": "true", "visible": "false", "x0": "0", "y0": "0"}

# Every element class Motu writes: its attributes in the order written, with their defaults.
ELEMENTS: dict[str, dict[str, str]] = {
    GAME_MODULE: {"name": "", "version": "1.0", "ModuleOther1": "", "ModuleOther2": "", "VassalVersion": "",
                  "description": "", "nextPieceSlotId": "0"},
    COMMAND_ENCODER: {},
    GLOBAL_OPTIONS: {
        "autoReport": "Use Preferences Setting", "centerOnMove": "Use Preferences Setting",
        "chatterHTMLSupport": "Always", "hotKeysOnClosedWindows": "Never", "inventoryForAll": "Always",
        "nonOwnerUnmaskable": "Use Preferences Setting", "playerIdFormat": "$playerName$",
        "promptString": "Opponents can unmask pieces", "sendToLocationMoveTrails": "Never",
        "storeLeadingZeroIntegersAsStrings": "false", "dragThreshold": "10", "description": "Global options"},
    PLAYER_ROSTER: {"buttonIcon": "", "buttonKeyStroke": "", "buttonText": "Retire",
                    "buttonToolTip": "Switch sides, become observer, or release faction"},
    CHATTER: {},
    PIECE_WINDOW: {"name": "", "defaultWidth": "0", "hidden": "false", "hotkey": "67,520", "scale": "1.0", "text": "",
                   "tooltip": "Show/hide piece window", "icon": "/images/counter.gif"},
    TAB_WIDGET: {"entryName": ""},
    PANEL_WIDGET: {"entryName": "", "fixed": "false", "nColumns": "1", "vert": "false"},
    LIST_WIDGET: {"entryName": "", "height": "0", "width": "300", "scale": "1.0", "divider": "150"},
    PIECE_SLOT: {"entryName": "", "gpid": "", "height": "64", "width": "64"},
    MAP: {
        "allowMultiple": "false", "backgroundcolor": "255,255,255", "buttonName": "", "changeFormat": "$message$",
        "color": "0,0,0", "createFormat": "$pieceName$ created in $location$ *", "edgeHeight": "0",
        "edgeWidth": "0", "hideKey": "", "hotkey": "77,520", "tooltip": "", "icon": "/images/map.gif",
        "launch": "false", "mapName": "", "markMoved": "Always", "markUnmovedHotkey": "",
        "markUnmovedIcon": "/images/unmoved.gif", "markUnmovedReport": "", "markUnmovedText": "",
        "markUnmovedTooltip": "Mark all pieces on this map as not moved", "moveKey": "",
        # VASSAL's chat shows these as HTML: &rarr; is an arrow there.
        "moveToFormat": "$pieceName$ moves $previousLocation$ &rarr; $location$ *",
        "moveWithinFormat": "$pieceName$ moves $previousLocation$ &rarr; $location$ *", "showKey": "",
        "thickness": "3"},
    COUNTER_DETAIL_VIEWER: _CDV,
    STACK_METRICS: {"bottom": "40,0", "disabled": "false", "down": "37,0", "exSepX": "16", "exSepY": "24",
                    "top": "38,0", "unexSepX": "8", "unexSepY": "16", "up": "39,0"},
    **{part: {} for part in MAP_PLAIN_PARTS},
    HIGHLIGHT_LAST_MOVED: {"color": "255,0,0", "enabled": "true", "thickness": "2"},
    ZOOMER: {"inButtonText": "", "inIconName": "/images/zoomIn.gif", "inTooltip": "Zoom in", "outButtonText": "",
             "outIconName": "/images/zoomOut.gif", "outTooltip": "Zoom out", "pickButtonText": "",
             "pickIconName": "/images/zoom.png", "pickTooltip": "Select Zoom", "zoomInKey": "61,195",
             "zoomLevels": "0.2,0.25,0.333,0.4,0.5,0.555,0.625,0.75,1.0,1.25,1.6", "zoomOutKey": "45,130",
             "zoomPickKey": "61,130", "zoomStart": "3"},
    BOARD_PICKER: {"addColumnText": "Add column", "addRowText": "Add row", "boardPrompt": "Select board",
                   "slotHeight": "125", "slotScale": "0.2", "slotWidth": "350", "title": "Choose Boards"},
    BOARD: {"image": "", "name": "", "reversible": "false", "color": "255,255,255", "width": "0", "height": "0"},
    ZONED_GRID: {},
    HEX_GRID: _GRID,
    SQUARE_GRID: {k: v for k, v in _GRID.items() if k != "sideways"},  # a square grid does not turn
    HEX_NUMBERING: _NUMBERING,
    SQUARE_NUMBERING: {k: v for k, v in _NUMBERING.items() if k != "stagger"},  # nor stagger its numbers
    ZONE: {"name": "", "highlightProperty": "", "locationFormat": "$gridLocation$", "path": "",
           "useHighlight": "false", "useParentGrid": "true"},
    REGION_GRID: {"snapto": "true", "fontsize": "9", "visible": "false"},
    REGION: {"name": "", "originx": "0", "originy": "0"},
    SETUP_STACK: {"name": "", "location": "", "owningBoard": "", "useGridLocation": "true", "x": "0", "y": "0"},
}


def _value(v: object) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def add(parent: ET.Element | None, cls: str, text: str | None = None, **attrs: object) -> ET.Element:
    """An element of VASSAL class `cls` under `parent` (the root when None): its defaults, `attrs` over them.
    An attribute the class is not written with is refused (a misspelt one would be ignored by VASSAL)."""
    defaults = ELEMENTS[cls]
    unknown = set(attrs) - set(defaults)
    if unknown:
        raise ValueError(f"{cls} has no attribute {', '.join(sorted(unknown))}")
    attrib = {k: _value(attrs.get(k, v)) for k, v in defaults.items()}
    el = ET.Element(cls, attrib) if parent is None else ET.SubElement(parent, cls, attrib)
    if text is not None:
        el.text = text
    return el


def piece_definition(image: str, name: str, gpid: int) -> str:
    """What a PieceSlot holds: VASSAL's AddPiece command "+/id/type/state" for a BasicPiece, its type
    "piece;clone key;delete key;image;name" and its state "map;x;y;gpid;number of properties"
    (SequenceEncoder fields: `image` and `name` carry no ';' or '/', vassal.vassal_text)."""
    return f"+/null/piece;;;{image};{name}/null;0;0;{gpid};0"


def module_data(name: str, description: str, version: str, vassal_version: str,
                saved_ms: int | None = None) -> ET.Element:
    """moduledata: what VASSAL's module manager lists before opening the module."""
    root = ET.Element("data", {"version": "1"})
    for tag, text in (("version", version), ("VassalVersion", vassal_version), ("name", name),
                      ("description", description),
                      ("dateSaved", str(int(time.time() * 1000) if saved_ms is None else saved_ms))):
        ET.SubElement(root, tag).text = text
    return root


def xml_bytes(root: ET.Element) -> bytes:
    """The document as VASSAL writes it: UTF-8 with its declaration, one space per level."""
    ET.indent(root, space=" ")
    return ET.tostring(root, encoding="UTF-8", xml_declaration=True) + b"\n"


BUILD_FILE = "buildFile.xml"
MODULE_DATA = "moduledata"


def write_module(path: str, build: ET.Element, data: ET.Element, files: dict[str, bytes]) -> None:
    """The .vmod, a zip: buildFile.xml, moduledata, then `files` (images/…) in the order given."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as vmod:
        vmod.writestr(BUILD_FILE, xml_bytes(build))
        vmod.writestr(MODULE_DATA, xml_bytes(data))
        for name, content in files.items():
            vmod.writestr(name, content)


__all__ = ["ELEMENTS", "add", "module_data", "piece_definition", "write_module", "xml_bytes"]
