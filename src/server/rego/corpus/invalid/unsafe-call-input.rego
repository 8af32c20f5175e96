# opa: 5:2: rego_unsafe_var_error: var path is unsafe
package corpus.invalid

allow if {
	startswith(path, "/api")
}
