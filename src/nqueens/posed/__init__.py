"""Posed problems: the open specification's rules (`families`), the checks a posed spec
passes before anything compiles it (`checks`), and the shared check of its placements
(`validation`). `Spec` (the package root) holds a posed problem as it holds a variant; these
modules import no solver and nothing above the spec."""
