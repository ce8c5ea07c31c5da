//! PDF transformation matrices `[a b c d e f]`, and the operand helpers they are read with.

/// An affine transform as PDF writes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Matrix(pub [f64; 6]);

impl Matrix {
    /// The identity.
    pub const IDENTITY: Matrix = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    /// A translation.
    pub fn translate(x: f64, y: f64) -> Matrix {
        Matrix([1.0, 0.0, 0.0, 1.0, x, y])
    }

    /// `self × other`: apply `self` first, then `other` (PDF's row-vector convention).
    pub fn then(&self, other: &Matrix) -> Matrix {
        let [a, b, c, d, e, f] = self.0;
        let [a2, b2, c2, d2, e2, f2] = other.0;
        Matrix([
            a * a2 + b * c2,
            a * b2 + b * d2,
            c * a2 + d * c2,
            c * b2 + d * d2,
            e * a2 + f * c2 + e2,
            e * b2 + f * d2 + f2,
        ])
    }

    /// Maps a point.
    pub fn apply(&self, x: f64, y: f64) -> (f64, f64) {
        let [a, b, c, d, e, f] = self.0;
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// From six operands, if they are all numbers.
    pub fn from_operands(ops: &[lopdf::Object]) -> Option<Matrix> {
        if ops.len() != 6 {
            return None;
        }
        let mut m = [0.0; 6];
        for (slot, op) in m.iter_mut().zip(ops) {
            *slot = number(op)?;
        }
        Some(Matrix(m))
    }
}

/// Follows an indirect reference; any other object is returned as is.
pub fn resolve<'a>(doc: &'a lopdf::Document, o: &'a lopdf::Object) -> &'a lopdf::Object {
    match o {
        lopdf::Object::Reference(id) => doc.get_object(*id).unwrap_or(o),
        other => other,
    }
}

/// A numeric operand.
pub fn number(o: &lopdf::Object) -> Option<f64> {
    match o {
        lopdf::Object::Integer(i) => Some(*i as f64),
        lopdf::Object::Real(r) => Some(f64::from(*r)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn composition_applies_left_first() {
        let scale = Matrix([2.0, 0.0, 0.0, 2.0, 0.0, 0.0]);
        let shift = Matrix::translate(10.0, 5.0);
        assert_eq!(scale.then(&shift).apply(1.0, 1.0), (12.0, 7.0));
        assert_eq!(shift.then(&scale).apply(1.0, 1.0), (22.0, 12.0));
        assert_eq!(Matrix::IDENTITY.then(&shift), shift);
    }
}
