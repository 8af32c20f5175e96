# opa: 6:1: rego_type_error: multiple default rules data.corpus.invalid.allow found
package corpus.invalid

default allow := false

default allow := true
