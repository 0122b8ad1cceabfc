"""A stand-in for Pillow in the site's bundle: reportlab imports it, pachaprint draws no bitmap."""
