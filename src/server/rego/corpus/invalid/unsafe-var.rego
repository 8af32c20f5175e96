# opa: 5:2: rego_unsafe_var_error: var role is unsafe
package corpus.invalid

allow if {
	role == "admin"
}
