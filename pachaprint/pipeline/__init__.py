"""The build pipeline: scenarios folder -> everything a fan prints (SPEC section 4)."""
