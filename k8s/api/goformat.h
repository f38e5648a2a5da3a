#pragma once

// goformat: Go's float-to-text conversion, for the places where CubeDesk must print a number
// byte for byte as Go would: the simulator as the apiserver or sigs.k8s.io/yaml writes one, the
// client as kubectl prints a Table cell.
//
// Pure functions: no state, safe from any thread, nothing throws; results by value.

#include <string>

namespace cubedesk::k8s {

/// The shortest decimal text that reads back as `v` at `bitSize` bits, spelled as Go spells it.
/// With bitSize 32, `v` is first rounded to float as Go's float32(v) does (±Inf on overflow);
/// any other bitSize means 64. Spelling: "NaN", "+Inf", "-Inf", "0", "-0", and an exponent
/// written with a sign and at least two digits ("1e+06", "1.5e-07"). The exponent form is used
/// when the decimal exponent is below -4 or at least `exponentLimit`, plain decimal otherwise.
///
///   formatGoFloat(v, 64)      == strconv.FormatFloat(v, 'g', -1, 64), which is also what
///                                fmt.Sprint(v) / "%v" prints for a float64;
///   formatGoFloat(v, 32)      == strconv.FormatFloat(v, 'g', -1, 32), as sigs.k8s.io/yaml
///                                writes a float map key.
///
/// Any other `exponentLimit` has no Go counterpart; the simulator's TablePrinter passes 21 (see
/// its scalarText).
std::string formatGoFloat(double v, int bitSize, int exponentLimit = 6);

} // namespace cubedesk::k8s
