# opa: 4:1: rego_unsafe_var_error: var y is unsafe
package corpus.invalid

xs := [y | input.a]
