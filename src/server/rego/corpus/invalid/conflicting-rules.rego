# opa: 4:1: rego_type_error: conflicting rules data.corpus.invalid.p found
package corpus.invalid

p := 1

p contains 2
