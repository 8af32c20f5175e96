# opa: 4:10: rego_unsafe_var_error: expression is unsafe
package corpus.invalid

allow if count(_) > 0
