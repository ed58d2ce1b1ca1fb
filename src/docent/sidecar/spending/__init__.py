"""What visitors may spend: metering, budget and bulkhead around a model, and the factory that stacks them."""
