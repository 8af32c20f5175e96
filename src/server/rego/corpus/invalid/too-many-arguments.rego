# opa: 4:6: rego_type_error: count: too many arguments (have 3, want 1)
package corpus.invalid

n := count(input.a, input.b, input.c)
