# opa: 5:6: rego_parse_error: unexpected some keyword: illegal negation of 'some'
package corpus.invalid

allow if {
	not some x in input.xs
}
