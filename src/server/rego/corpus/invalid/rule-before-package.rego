# opa: 3:1: rego_parse_error: package expected
# opa: 5:1: rego_parse_error: unexpected package
allow := true

package corpus.invalid
