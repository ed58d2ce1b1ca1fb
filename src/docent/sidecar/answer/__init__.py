"""The answering core: a question's turn, from the bundle and the policy to the gated, acted reply.

It imports nothing of the sidecar outside itself but the model port (`model/port.py`, `model/fence.py`),
and no web framework: the HTTP edge around it (`app`, `routes`, `stream`, the guards, the state) calls it.

The edge names the module it needs (`turn.Turn`, `bundle.Bundle`, `policy.Policy`): no front is re-exported
here, so reading one room (the offline model reads `lexicon` and `record_index`) does not load the turn.
"""
