# opa: 4:1: rego_parse_error: rule must have value assignment and/or body declaration
package corpus.invalid

settings.audit.enabled
