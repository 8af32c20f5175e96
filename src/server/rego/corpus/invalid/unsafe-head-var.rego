# opa: 4:1: rego_unsafe_var_error: var msg is unsafe
package corpus.invalid

deny contains msg if input.denied
