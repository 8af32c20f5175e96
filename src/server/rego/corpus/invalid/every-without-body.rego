# opa: 6:1: rego_parse_error: unexpected } token: missing body
package corpus.invalid

allow if {
	every x in input.xs
}
