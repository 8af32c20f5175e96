# opa: 4:10: rego_type_error: undefined function is_admin
package corpus.invalid

allow if is_admin(input.user)
