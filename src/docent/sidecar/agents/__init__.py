"""The record for coding agents: the MCP endpoint at /mcp (`endpoint`) and what its tools answer (`results`).

Imported only when the endpoint is switched on (DOCENT_MCP): the only room that imports the `mcp` SDK.
"""

from .endpoint import TOOLS, Agents

__all__ = ["TOOLS", "Agents"]
