# opa: 4:8: rego_type_error: undefined function time.now
package corpus.invalid

now := time.now()
