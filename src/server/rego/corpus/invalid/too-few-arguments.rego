# opa: 4:13: rego_type_error: startswith: too few arguments (have 1, want 2)
package corpus.invalid

prefixed if startswith(input.path)
