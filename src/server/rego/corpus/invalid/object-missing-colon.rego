# opa: 4:13: rego_parse_error: unexpected number token: non-terminated set
package corpus.invalid

obj := {"a" 1}
