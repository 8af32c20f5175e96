# opa: 5:1: rego_compile_error: import must not shadow import data.tenants.acme.roles
package corpus.invalid

import data.tenants.acme.roles
import data.tenants.globex.roles

allow if roles[input.user]
