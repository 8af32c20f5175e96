package corpus.refs

deep := input.a.b[0].c["d"]

dashed := input["key-with-dashes"]

tenant := data.resource_manager["tenant-001"]["production"]

dynamic if {
	some k
	input.maps[k].enabled == true
}

on_literal := [10, 20, 30][1]

on_call := split(input.path, "/")[1]

on_object := {"a": {"b": 1}}.a.b

wildcard if input.items[_].flagged
