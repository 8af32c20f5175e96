# opa: 6:1: rego_parse_error: `if` keyword is required before rule body
# opa: 6:1: rego_parse_error: `contains` keyword is required for partial set rules
# opa: 10:1: rego_parse_error: `contains` keyword is required for partial set rules
package corpus.invalid

deny[msg] {
	msg := "denied"
}

names["alice"]
