"""Editor tools: each turns mouse events on the map into Edits pushed on the document."""
from .clipboard import PasteTool
from .measure import MeasureTool
from .paint import AreaTool, BrushTool, FeatureTool, FillTool, ZoneTool
from .place import EdgeTool, PieceTool
from .select import SelectTool

ALL_TOOLS = (SelectTool, BrushTool, FillTool, AreaTool, EdgeTool, FeatureTool, PieceTool, ZoneTool, MeasureTool)
__all__ = ["ALL_TOOLS", "PasteTool"]
