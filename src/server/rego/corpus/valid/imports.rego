package corpus.imports

import data.corpus.functions
import data.corpus.roles as role_table
import future.keywords
import future.keywords.in
import input.user
import rego.v1

admin if user.role == "admin"

known if role_table[user.name]

doubled := functions.double(2)

member if user.name in role_table.members
