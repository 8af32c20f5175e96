# opa: 1:1: rego_parse_error: empty module: a policy starts with its package declaration
