# opa: 4:1: rego_parse_error: `if` keyword is required before function body
package corpus.invalid

double(x) := y {
	y := x * 2
}
