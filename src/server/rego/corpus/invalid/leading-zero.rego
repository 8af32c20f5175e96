# opa: 4:6: rego_parse_error: unexpected number token: expected number without leading zero
package corpus.invalid

x := 01
