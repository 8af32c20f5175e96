# opa: 6:1: rego_parse_error: var cannot be used for rule name
# opa: 6:8: rego_parse_error: var cannot be used for rule name
# opa: 6:12: rego_parse_error: var cannot be used for rule name
# opa: 6:17: rego_parse_error: var cannot be used for rule name
package corpus.invalid
Admins may read orders
