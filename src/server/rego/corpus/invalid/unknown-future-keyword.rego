# opa: 4:8: rego_parse_error: unexpected keyword, must be one of [contains every if in]
package corpus.invalid

import future.keywords.unless
