#!/usr/bin/env python3
"""Validates the sidecar's OpenAPI document and checks recorded live answers against it.

usage: check_openapi.py openapi.yaml samples.json
samples.json: [{"method": "GET", "path": "/companion/devices/{id}", "status": 200, "body": "<text>"}, ...]
Exits non-zero, printing every problem, when the document is invalid, an answer's status is not documented
for its operation, an answer's body does not match the documented schema, an operation was never exercised,
or an operation that declares `security` was never seen refusing (401) a request without credentials.
"""
import json
import sys

import jsonschema
import yaml
from openapi_spec_validator import validate


def main() -> int:
    spec = yaml.safe_load(open(sys.argv[1]))
    validate(spec)
    samples = json.load(open(sys.argv[2]))
    problems = []
    exercised = set()
    for sample in samples:
        method, path, status = sample["method"].lower(), sample["path"], str(sample["status"])
        label = f'{sample["method"]} {path} -> {status}'
        operation = spec["paths"].get(path, {}).get(method)
        if operation is None:
            problems.append(f"{label}: operation not documented")
            continue
        exercised.add((path, method))
        response = operation["responses"].get(status)
        if response is None:
            problems.append(f"{label}: status not documented")
            continue
        if "$ref" in response:
            response = spec["components"]["responses"][response["$ref"].split("/")[-1]]
        content = response.get("content", {})
        if "application/json" in content:
            schema = content["application/json"]["schema"]
            try:
                body = json.loads(sample["body"])
            except ValueError:
                problems.append(f"{label}: body is not JSON")
                continue
            problems += [f"{label}: {e}" for e in errors(spec, schema, body)]
            if path == "/companion/pairing/start" and status == "200":
                qr = {"$ref": "#/components/schemas/QRPayload"}
                problems += [f"{label} qrPayload: {e}" for e in errors(spec, qr, json.loads(body["qrPayload"]))]
    refused = {(s["path"], s["method"].lower()) for s in samples if s["status"] == 401}
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if (path, method) not in exercised:
                problems.append(f"{method.upper()} {path}: never exercised by the live test")
            if operation.get("security") and (path, method) not in refused:
                problems.append(f"{method.upper()} {path}: declares security but no refusal (401) was checked")
    for problem in problems:
        print(problem)
    print(f"checked {len(samples)} answers against {len(spec['paths'])} paths: {len(problems)} problems")
    return 1 if problems else 0


def errors(spec, schema, body):
    root = {"$schema": "https://json-schema.org/draft/2020-12/schema", "components": spec["components"]}
    root.update(schema)
    validator = jsonschema.Draft202012Validator(root, format_checker=jsonschema.FormatChecker())
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(body)]


if __name__ == "__main__":
    sys.exit(main())
