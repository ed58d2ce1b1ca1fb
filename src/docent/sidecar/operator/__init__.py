"""The operator's tools, beside the server rather than in it: `docent eval` (`evals`, its cases and checks), the
gate's corpora, the visitor sets, `docent preflight` and `docent report`.

They drive the real app in-process (`client`) and read the sidecar's own modules; nothing in the sidecar imports
them (the `docent` command finds a tool's module by name only when it is the one asked for).
"""
