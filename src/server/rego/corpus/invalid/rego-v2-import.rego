# opa: 4:8: rego_parse_error: invalid import `rego.v2`, must be `rego.v1`
package corpus.invalid

import rego.v2
