# opa: 4:10: rego_parse_error: illegal ! character
package corpus.invalid

allow if !input.blocked
