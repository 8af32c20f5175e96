# opa: 4:8: rego_parse_error: unexpected import path, must begin with one of: {data, future, input, rego}, got: roles
package corpus.invalid

import roles.admins
