# opa: 6:3: rego_parse_error: `if` keyword is required before rule body
package corpus.invalid

level := "high" if {
	input.score > 80
} else := "low" {
	input.score >= 0
}
