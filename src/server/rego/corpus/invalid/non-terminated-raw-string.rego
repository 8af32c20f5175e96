# opa: 4:8: rego_parse_error: non-terminated string
package corpus.invalid

raw := `never closed
