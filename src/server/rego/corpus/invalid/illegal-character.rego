# opa: 4:8: rego_parse_error: illegal token
package corpus.invalid

x := 1 @ 2
