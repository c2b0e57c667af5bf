"""The projections ``warroom import geojson --projection`` knows by name: plain data, so
that the command's help can list them without loading PROJ (gamecore.interop.projection
does the projecting)."""

from __future__ import annotations

#: named projections: PROJ template ({lon_0} is the crop box's central meridian), the
#: default crop box and the latitude limit the projection can show
NAMED_PROJECTIONS: dict[str, dict] = {
    "robinson": {"proj": "+proj=robin +lon_0={lon_0} +ellps=WGS84 +units=m +no_defs"},
    "equal-earth": {"proj": "+proj=eqearth +lon_0={lon_0} +ellps=WGS84 +units=m +no_defs"},
    "miller": {"proj": "+proj=mill +lon_0={lon_0} +ellps=WGS84 +units=m +no_defs"},
    "mercator": {
        "proj": "+proj=merc +lon_0={lon_0} +ellps=WGS84 +units=m +no_defs",
        "max_lat": 85.0,
    },
    "lambert-europe": {
        # the ETRS89 Lambert conformal conic of Europe (EPSG:3034) parameters
        "proj": "+proj=lcc +lat_0=52 +lon_0=10 +lat_1=35 +lat_2=65 +x_0=4000000 "
        "+y_0=2800000 +ellps=GRS80 +units=m +no_defs",
        "bbox": (-25.0, 30.0, 45.0, 72.0),
    },
    "plate-carree": {"proj": "+proj=eqc +lon_0={lon_0} +ellps=WGS84 +units=m +no_defs"},
}
