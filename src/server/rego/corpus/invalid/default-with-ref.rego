# opa: 4:1: rego_parse_error: illegal default rule (value cannot contain ref)
package corpus.invalid

default allow := input.admin
