# opa: 4:12: rego_parse_error: non-terminated string
package corpus.invalid

message := "never closed
