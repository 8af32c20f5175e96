# opa: 4:1: rego_parse_error: `if` keyword is required before rule body
package corpus.invalid

allow {
	input.method == "GET"
}
