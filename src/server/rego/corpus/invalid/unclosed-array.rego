# opa: 5:1: rego_parse_error: unexpected eof token: expected "," or "]"
package corpus.invalid

xs := [1, 2
