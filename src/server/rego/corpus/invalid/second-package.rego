# opa: 6:1: rego_parse_error: unexpected package
package corpus.invalid

allow if input.admin

package corpus.other
