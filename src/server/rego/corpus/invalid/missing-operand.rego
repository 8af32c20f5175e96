# opa: 6:1: rego_parse_error: unexpected } token
package corpus.invalid

allow if {
	input.x ==
}
