"""Editor tools: each turns mouse events on the map into Edits pushed on the document."""
from .measure import MeasureTool
from .paint import AreaTool, BrushTool, FillTool, ZoneTool
from .place import EdgeTool, FeatureTool, PieceTool
from .select import SelectTool

ALL_TOOLS = (SelectTool, BrushTool, FillTool, AreaTool, EdgeTool, FeatureTool, PieceTool, ZoneTool, MeasureTool)
