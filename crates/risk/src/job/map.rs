//! `risk-map`: a map drawn in the paper's style, the map in the project's format, and the map
//! as a Domination `.map` file and as TAG's Risk map JSON.

use ludoforge_job::engine::pictures;
use ludoforge_job::{Artifact, Context, File, JobError, Spec, media};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::params::{MapFileParams, load_map};
use crate::formats::{domination, tag};
use crate::layout::layout;
use crate::map::RiskMap;
use crate::render::{self, View};

/// A map to draw.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MapParams {
    /// An embedded map: classic, map1 … map10 or warmap (classic when neither this nor
    /// map_file is given).
    #[schemars(schema_with = "super::params::embedded_map")]
    pub map: Option<String>,
    /// A map file's content instead of an embedded map.
    pub map_file: Option<MapFileParams>,
    /// Read one-way arcs of a map file in the published generator's format or Domination's (a
    /// neighbour that does not list the territory back) instead of refusing them.
    pub allow_one_way: bool,
    /// Write territory names beside the nodes.
    pub names: bool,
    /// The name of the cards file a Domination map names, written beside it (default: the
    /// map's name, as `classic.cards`).
    pub cards_file: Option<String>,
}

/// `risk-map`: draw a map.
pub struct MapJob;

impl Spec for MapJob {
    type Params = MapParams;
    type Checked = RiskMap;

    fn id(&self) -> &'static str {
        "risk-map"
    }

    fn title(&self) -> &'static str {
        "Risk map"
    }

    fn help(&self) -> &'static str {
        "Draw a Risk map in the style of Rossato et al.: territories as numbered circles, the \
         continent as the ring's colour, borders as lines, one-way arcs as arrows, and a legend \
         of the continents with their bonus. A map without positions is laid out by a \
         force-directed layout drawn from the seed. The result is the map in the project's \
         format with the positions of the picture; the same map can be had as a Domination .map \
         file and as TAG's Risk map JSON (its own positions, or the picture's on a 1000-unit \
         plane). A map file may be in any of these formats or the published generator's."
    }

    fn sample(&self) -> Option<Self::Params> {
        // A quick run whose picture shows what the job makes.
        Some(serde_json::from_str(r#"{}"#).expect("sample parameters"))
    }

    fn validate(&self, p: &MapParams) -> Result<RiskMap, JobError> {
        if let Some(name) = &p.cards_file
            && (name.trim().is_empty()
                || name.contains(['/', '\\'])
                || name.chars().any(char::is_control))
        {
            return Err(JobError::parameters(format!(
                "cards_file {name:?}: give a file name (no folder, no line break), such as \
                 classic.cards"
            )));
        }
        load_map(p.map.as_deref(), p.map_file.as_ref(), p.allow_one_way)
    }

    fn execute(
        &self,
        map: RiskMap,
        p: &MapParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        context.stage("laying out the map", None, "territories");
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        artifact.report("map", map.name());
        artifact.report("territories", map.territories());
        artifact.report("borders", map.border_count());
        artifact.report("continents", map.continents().len());
        let mut file = map.file().clone();
        for (t, (x, y)) in file.territories.iter_mut().zip(layout(&map, seed)) {
            t.position = Some([x, y]);
        }
        artifact.files.push(File::json("result", &file));
        if context.wants("domination") || context.wants("domination-cards") {
            let cards = p
                .cards_file
                .clone()
                .unwrap_or_else(|| domination::cards_name(&map));
            let text = domination::write_naming(&map, seed, &cards);
            artifact
                .files
                .push(File::new("domination", media::TEXT, text.into_bytes()));
            // Saved under the name the map gives it.
            let bytes = domination::write_cards(&map).into_bytes();
            artifact
                .files
                .push(File::new("domination-cards", media::TEXT, bytes).named(&cards));
        }
        if context.wants("tag") {
            let text = tag::write(&map, seed);
            artifact
                .files
                .push(File::new("tag", media::JSON, text.into_bytes()));
        }
        pictures(context, &mut artifact.files, 1.5, || {
            let view = View {
                caption: Some(format!(
                    "{} · {} territories · {} borders",
                    map.name(),
                    map.territories(),
                    map.border_count()
                )),
                names: p.names,
                layout_seed: seed,
            };
            render::svg(&map, None, None, &view)
        })?;
        if context.wants("pdf") {
            let pdf = ludoforge_job::engine::pdf_file(context, map.name(), |paper| {
                crate::print::pages(&map, None, map.name(), seed, paper)
            })?;
            artifact.files.push(pdf);
        }
        Ok(artifact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_lays_out_the_picture_and_the_result() {
        let p = MapParams {
            map: Some("map8".into()),
            ..MapParams::default()
        };
        let context = Context::quiet().want("svg");
        let run = |seed| MapJob.execute(MapJob.validate(&p).unwrap(), &p, seed, &context);
        let (one, again, other) = (run(1).unwrap(), run(1).unwrap(), run(2).unwrap());
        let bytes = |a: &Artifact, role: &str| a.file(role).unwrap().bytes.clone();
        assert_eq!(bytes(&one, "svg"), bytes(&again, "svg"));
        assert_ne!(bytes(&one, "svg"), bytes(&other, "svg"));
        assert_ne!(bytes(&one, "result"), bytes(&other, "result"));
        // Seed 1 is the picture every other view draws.
        let plain = render::svg(
            &RiskMap::embedded("map8").unwrap(),
            None,
            None,
            &View::default().with_caption("map8 · 10 territories · 14 borders"),
        );
        let drawn = String::from_utf8(bytes(&one, "svg")).unwrap();
        assert!(drawn == plain, "the default layout seed moved");
        // The result is a map in the project's format, positioned as drawn.
        let back = RiskMap::parse(&String::from_utf8_lossy(&bytes(&one, "result")));
        assert_eq!(back.unwrap().territories(), 10);
    }

    #[test]
    fn the_map_is_exported_when_asked_for() {
        let p = MapParams::default();
        let map = MapJob.validate(&p).unwrap();
        let plain = MapJob
            .execute(map.clone(), &p, 1, &Context::quiet())
            .unwrap();
        assert!(plain.file("domination").is_none() && plain.file("tag").is_none());
        let context = Context::quiet().want("domination").want("tag");
        let both = MapJob.execute(map.clone(), &p, 1, &context).unwrap();
        for role in ["domination", "tag"] {
            let text = String::from_utf8(both.file(role).unwrap().bytes.clone()).unwrap();
            let back = crate::formats::read(&text, "x", false).unwrap();
            assert_eq!(back.file(), map.file(), "{role}");
        }
    }
}
