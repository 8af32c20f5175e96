# opa: 5:1: rego_recursion_error: rule data.corpus.invalid.a is recursive: data.corpus.invalid.a -> data.corpus.invalid.b -> data.corpus.invalid.a
# opa: 7:1: rego_recursion_error: rule data.corpus.invalid.b is recursive: data.corpus.invalid.b -> data.corpus.invalid.a -> data.corpus.invalid.b
package corpus.invalid

a if b

b if a
