# opa: 4:1: rego_parse_error: unexpected if keyword
package corpus.invalid

if := true
