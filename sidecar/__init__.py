"""The sidecar: the guide endpoint, its guards, the turn, the gate, the policy, the model port and spending."""
