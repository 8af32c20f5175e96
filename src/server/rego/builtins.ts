/*
 * OPA's built-in functions (v1/ast/builtins.go, DefaultBuiltins) with the number of arguments each
 * takes. A call may pass one more, the output (`count(xs, n)`), except `print`, which takes any number
 * and has none. Infix operators are listed under their names (`plus` for `+`).
 */

export interface Builtin {
  /** Arguments the function takes (its output not counted). */
  arity: number;
  /** No output argument: `print`, `internal.print`. */
  void?: boolean;
  /** Any number of arguments (`print`). */
  variadic?: boolean;
  /** Deprecated: Rego v1 refuses calls to it. */
  deprecated?: boolean;
}

/** Names by arity, whitespace-separated: every name in a group takes that many arguments. */
const BY_ARITY: Record<number, string> = {
  0: `time.now_ns rego.metadata.chain rego.metadata.rule opa.runtime`,
  1: `abs ceil floor round bits.negate count sum product max min sort array.reverse to_number
    regex.is_valid intersection union lower upper trim_space strings.reverse
    internal.template_string json.marshal json.unmarshal json.is_valid base64.encode base64.decode
    base64.is_valid base64url.encode base64url.encode_no_pad base64url.decode urlquery.decode
    urlquery.encode urlquery.encode_object urlquery.decode_object yaml.marshal yaml.unmarshal
    yaml.is_valid hex.encode hex.decode object.union_n object.keys io.jwt.decode
    time.parse_rfc3339_ns time.parse_duration_ns time.format time.date time.clock time.weekday
    crypto.x509.parse_certificates crypto.x509.parse_and_verify_certificates crypto.md5 crypto.sha1
    crypto.sha256 crypto.x509.parse_certificate_request crypto.x509.parse_rsa_private_key
    crypto.parse_private_keys walk is_number is_string is_boolean is_array is_set is_object is_null
    type_name http.send graphql.parse_query graphql.parse_schema graphql.schema_is_valid
    json.verify_schema trace net.cidr_expand net.cidr_merge net.lookup_ip_addr net.cidr_is_valid
    glob.quote_meta units.parse units.parse_bytes uuid.rfc4122 uuid.parse semver.is_valid`,
  2: `eq assign internal.member_2 gt gte lt lte neq equal plus minus mul div rem bits.or bits.and
    bits.xor bits.lsh bits.rsh and or array.concat regex.match regex.split regex.globs_match
    strings.any_prefix_match strings.any_suffix_match concat format_int indexof indexof_n contains
    strings.count startswith endswith split strings.replace_n trim trim_left trim_prefix trim_right
    trim_suffix sprintf strings.render_template numbers.range rand.intn json.marshal_with_options
    object.union object.remove object.filter object.subset json.filter json.remove json.patch
    io.jwt.verify_rs256 io.jwt.verify_rs384 io.jwt.verify_rs512 io.jwt.verify_ps256
    io.jwt.verify_ps384 io.jwt.verify_ps512 io.jwt.verify_es256 io.jwt.verify_es384
    io.jwt.verify_es512 io.jwt.verify_eddsa io.jwt.verify_hs256 io.jwt.verify_hs384
    io.jwt.verify_hs512 io.jwt.decode_verify time.parse_ns time.diff
    crypto.x509.parse_and_verify_certificates_with_options crypto.x509.parse_keypair crypto.hmac.md5
    crypto.hmac.sha1 crypto.hmac.sha256 crypto.hmac.sha512 crypto.hmac.equal graph.reachable
    graph.reachable_paths graphql.parse graphql.parse_and_verify graphql.is_valid json.match_schema
    rego.parse_module net.cidr_intersects net.cidr_contains net.cidr_contains_matches semver.compare`,
  3: `internal.member_3 array.slice regex.find_n regex.find_all_string_submatch_n regex.replace
    substring replace numbers.range_step object.get io.jwt.encode_sign_raw io.jwt.encode_sign
    providers.aws.sign_req glob.match`,
  4: `regex.template_match time.add_date`,
};

/** Deprecated built-ins (OPA still knows them; Rego v1 refuses their calls). */
const DEPRECATED: Record<string, number> = {
  set_diff: 2,
  'net.cidr_overlap': 2,
  cast_array: 1,
  cast_set: 1,
  cast_string: 1,
  cast_boolean: 1,
  cast_null: 1,
  cast_object: 1,
  re_match: 2,
  all: 1,
  any: 1,
};

function table(): Map<string, Builtin> {
  const map = new Map<string, Builtin>();
  for (const [arity, names] of Object.entries(BY_ARITY)) {
    for (const name of names.trim().split(/\s+/)) map.set(name, { arity: Number(arity) });
  }
  for (const [name, arity] of Object.entries(DEPRECATED)) map.set(name, { arity, deprecated: true });
  map.set('print', { arity: 0, void: true, variadic: true });
  map.set('internal.print', { arity: 1, void: true });
  map.set('internal.test_case', { arity: 1, void: true });
  return map;
}

export const BUILTINS: ReadonlyMap<string, Builtin> = table();

/** The first segment of every namespaced built-in (`io`, `time`...): a call through one is a built-in's. */
export const BUILTIN_NAMESPACES: ReadonlySet<string> = new Set(
  [...BUILTINS.keys()].filter((name) => name.includes('.')).map((name) => name.split('.')[0] ?? ''),
);
